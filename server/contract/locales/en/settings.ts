/** English texts of the the user's settings: profile, notifications, account, interface. */
export const settings = {
  title: 'settings',
} as const;
