// Collection: what other modules may use of this module's data (as Apache Answer's *_common services).
// Other modules call these, never ./collection.repository.ts itself (lint: lantern/module-boundaries), so the module
// keeps its tables to itself and the list below is all it promises.
export {
  defaultGroupId,
  findCollection,
  insertCollection,
  pageCollectedQuestions,
  recountQuestionCollections,
} from './collection.repository.js';
