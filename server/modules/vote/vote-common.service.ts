// Vote: what other modules may use of this module's data (as Apache Answer's *_common services).
// Other modules call these, never ./vote.repository.ts itself (lint: lantern/module-boundaries), so the module
// keeps its tables to itself and the list below is all it promises. The score offset of an imported post is
// part of its vote tally: the import writes it here, the vote service adds it.
export { moveScoreIntoVotes, moveVoteTally, scoreOffset, setScoreOffset } from './vote.repository.js';
