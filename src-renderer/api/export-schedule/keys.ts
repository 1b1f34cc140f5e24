/** Query keys of the scheduled exports. */
export const exportScheduleKeys = {
  overview: () => ['admin', 'exports', 'schedule'] as const,
};
