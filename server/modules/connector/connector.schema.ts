// The request schemas moved to the contract (shared with the renderer's types).
export * from '../../contract/requests/connector.js';
