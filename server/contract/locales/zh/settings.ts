import type { Locale } from '../en_US.js';

/** Simplified Chinese texts of the the user's settings: profile, notifications, account, interface (partial; the rest falls back to English). */
export const settings: Partial<Locale['settings']> = {
  title: '设置',
  menu_label: '设置分类',
  loading: '正在加载设置…',
  save: '保存',
  update_success: '更新成功',
  tab: { profile: '个人资料', notify: '通知', account: '账号', interface: '界面' },
  interface: {
    heading: '界面',
    language: '界面语言',
    language_default: '默认（站点语言）',
    language_hint: '菜单、按钮和提示所用的语言。',
    scheme: '配色方案',
    scheme_default: '站点默认',
    scheme_system: '跟随系统',
    scheme_light: '浅色',
    scheme_dark: '深色',
  },
  notify: {
    heading: '邮件通知',
    intro: '选择站点给您发送哪些邮件。',
    inbox: '收件箱通知',
    inbox_text: '您的问题的回答、评论、邀请等。',
    all_new_question: '所有新问题',
    all_new_question_text: '接收所有新问题的通知。每周最多 50 个问题。',
    following_tags: '关注标签下的所有新问题',
    following_tags_text: '接收您关注的标签下新问题的通知。',
    email_on: '给我发邮件',
  },
};
