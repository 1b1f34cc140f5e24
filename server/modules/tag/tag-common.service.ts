// Tag: what other modules may use of this module's data (as Apache Answer's *_common services).
// Other modules call these, never ./tag.repository.ts itself (lint: lantern/module-boundaries), so the module
// keeps its tables to itself and the list below is all it promises.
export {
  findTagsBySlugs,
  findTagsByIds,
  findAvailableTagBySlug,
  synonymIds,
  tagsOfQuestions,
  insertTag,
  recountTags,
  setQuestionTagStatus,
} from './tag.repository.js';
