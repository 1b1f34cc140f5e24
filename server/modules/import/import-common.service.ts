// Import: what other modules may use of this module's data (the score an imported post brought,
// which the vote tally adds to its votes). Other modules call these, never the import's repositories
// (lint: lantern/module-boundaries).
export { scoreOffset } from './stackexchange.repository.js';
