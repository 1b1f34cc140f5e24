/** The words of the static archive's pages, in the site's interface language (English otherwise). */
export interface ArchiveStrings {
  lang: string;
  newest: string;
  votes: string;
  tags: string;
  users: string;
  search: string;
  searchLabel: string;
  searchButton: string;
  searchPlaceholder: string;
  searching: string;
  noResults: string;
  results: string;
  moreResults: string;
  searchHint: string;
  theme: string;
  themeLight: string;
  themeDark: string;
  answers: string;
  /** The word after a count: one, and more (or none). */
  voteWords: [string, string];
  answerWords: [string, string];
  resultsOne: string;
  answersHeading: string;
  answer: string;
  accepted: string;
  closed: string;
  asked: string;
  answered: string;
  commented: string;
  questions: string;
  noQuestions: string;
  previous: string;
  next: string;
  page: string;
  pagination: string;
  reputation: string;
  memberSince: string;
  archiveNote: string;
  tagQuestions: string;
  noScript: string;
  skip: string;
}

const EN: ArchiveStrings = {
  lang: 'en',
  newest: 'Newest',
  votes: 'Votes',
  tags: 'Tags',
  users: 'Users',
  search: 'Search',
  searchLabel: 'Search the archive',
  searchButton: 'Search',
  searchPlaceholder: 'Search…',
  searching: 'Searching…',
  noResults: 'No question matches every word.',
  results: '{n} questions match',
  moreResults: 'Show more',
  searchHint: 'Every word must appear; the last one may be the start of a word.',
  theme: 'Colour scheme',
  themeLight: 'Light',
  themeDark: 'Dark',
  answers: 'answers',
  voteWords: ['vote', 'votes'],
  answerWords: ['answer', 'answers'],
  resultsOne: '1 question matches',
  answersHeading: 'Answers',
  answer: 'Answer',
  accepted: 'Accepted answer',
  closed: 'Closed',
  asked: 'asked',
  answered: 'answered',
  commented: 'commented',
  questions: 'Questions',
  noQuestions: 'No questions yet.',
  previous: 'Previous',
  next: 'Next',
  page: 'Page {n} of {total}',
  pagination: 'Pages',
  reputation: 'reputation',
  memberSince: 'Member since {date}',
  archiveNote: 'A read-only copy of {site}.',
  tagQuestions: 'Questions tagged {tag}',
  noScript: 'Search needs JavaScript.',
  skip: 'Skip to the content',
};

const ZH: ArchiveStrings = {
  lang: 'zh-CN',
  newest: '最新',
  votes: '得票',
  tags: '标签',
  users: '用户',
  search: '搜索',
  searchLabel: '搜索存档',
  searchButton: '搜索',
  searchPlaceholder: '搜索…',
  searching: '正在搜索…',
  noResults: '没有包含所有词语的问题。',
  results: '{n} 个问题匹配',
  moreResults: '显示更多',
  searchHint: '每个词都必须出现；最后一个词可以只是词的开头。',
  theme: '配色',
  themeLight: '浅色',
  themeDark: '深色',
  answers: '个回答',
  voteWords: ['票', '票'],
  answerWords: ['个回答', '个回答'],
  resultsOne: '1 个问题匹配',
  answersHeading: '回答',
  answer: '回答',
  accepted: '已采纳的回答',
  closed: '已关闭',
  asked: '提问于',
  answered: '回答于',
  commented: '评论于',
  questions: '问题',
  noQuestions: '还没有问题。',
  previous: '上一页',
  next: '下一页',
  page: '第 {n} 页，共 {total} 页',
  pagination: '分页',
  reputation: '声望',
  memberSince: '{date} 加入',
  archiveNote: '{site} 的只读副本。',
  tagQuestions: '标签为 {tag} 的问题',
  noScript: '搜索需要 JavaScript。',
  skip: '跳到内容',
};

/** The strings for a site language (zh_CN, or English for every other). */
export function archiveStrings(language: string): ArchiveStrings {
  return language.toLowerCase().startsWith('zh') ? ZH : EN;
}

/** A string with its {name} placeholders filled. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

/** A count with its word: "1 vote", "3 votes". */
export function counted(n: number, [one, many]: [string, string]): string {
  return `${n} ${n === 1 ? one : many}`;
}
