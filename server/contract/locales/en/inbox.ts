/** English texts of the notifications, search, timelines, linked questions, header and side navigation additions. */
export const inbox = {
  title: 'inbox',
} as const;
