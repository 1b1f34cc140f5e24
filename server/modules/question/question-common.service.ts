// Question: what other modules may use of this module's data (as Apache Answer's *_common services).
// Other modules call these, never ./question.repository.ts itself (lint: lantern/module-boundaries), so the module
// keeps its tables to itself and the list below is all it promises.
export {
  updateQuestion,
  recountUserQuestions,
  closeReason,
  saveCloseReason,
  insertLink,
  linksFrom,
  recountLinked,
} from './question.repository.js';
