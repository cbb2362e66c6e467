/** Texts about who sent a request. */
export const recogniseMessages = {
  redelivery: 'Redelivery',
  redeliveryHelp: 'The sender delivered this same event earlier in this session',
  delivery: 'Delivery',
} as const;
