/** The activity kinds live in the contract (server/contract/enums.ts); re-exported for the modules. */
export { ACTIVITY_TYPE, type ActivityKey } from '../../contract/enums.js';
