/** Query keys of the connector resource. */
export const connectorKeys = {
  all: ['connector'] as const,
  mine: () => [...connectorKeys.all, 'mine'] as const,
};
