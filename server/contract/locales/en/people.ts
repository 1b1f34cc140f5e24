/** English texts of the people screens: user list, user profile and its tabs, badges and a badge's awards. */
export const people = {
  title: 'people',
} as const;
