// Post history: what other modules may use of this module's data (as Apache Answer's revision_common and
// activity_common services). Other modules call these, never ./post-history.repository.ts itself (lint:
// lantern/module-boundaries). This module sits below question, answer, tag, revision and activity, which all
// write or read a post's history, and imports none of them.
export { findRevision, insertRevision, latestApplied, pendingRevision } from './post-history.repository.js';
