// The request schemas' fields live in the contract (shared with the renderer's types).
export * from '../contract/requests/fields.js';
