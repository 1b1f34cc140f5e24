import type { PartialLocale } from './en_US.js';
import { inbox } from './zh/inbox.js';
import { people } from './zh/people.js';
import { qa } from './zh/qa.js';
import { settings } from './zh/settings.js';
import { tags } from './zh/tags.js';

/** Simplified Chinese (partial; the rest falls back to English). */
export const zh_CN: PartialLocale = {
  common: { loading: '加载中…', submit: '提交', cancel: '取消', close: '关闭', back_home: '回到首页', next: '下一步', previous: '上一步' },
  nav: { questions: '问题', home: '首页', search_placeholder: '搜索…', login: '登录', signup: '注册', logout: '退出' },
  page_title: { home: '首页', login: '登录', signup: '注册', install: '安装', not_found: '页面不存在' },
  form: { email: '邮箱', password: '密码', name: '名字', email_invalid: '邮箱格式不正确。', password_length: '密码长度必须在 8-32 之间。' },
  login: { title: '登录到 {{site}}', submit: '登录', forgot: '忘记密码？' },
  signup: { title: '加入 {{site}}', submit: '注册' },
  error: {
    forbidden: '您没有权限访问此页面。',
    not_found: '很抱歉，此页面不存在。',
    server: '服务器遇到错误，无法完成您的请求。',
  },
  home: { welcome: '欢迎来到 {{site}}' },
  tags,
  people,
  settings,
  inbox,
  qa,
};
