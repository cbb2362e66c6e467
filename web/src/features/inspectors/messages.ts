/** Every text of the inspector's name control, in one place. */
export const inspectorMessages = {
  nameLabel: 'Name',
  nameDrawerTitle: 'Name this inspector',
  noName: 'none',
  nameIntro:
    'A name gives this inspector a second webhook URL, /webhook/{name}, that captures exactly like the one with its id, which keeps working.',
  nameRules: '3 to 48 lower-case letters, digits and dashes; first come, first served.',
  nameField: 'Name',
  namePlaceholder: 'stripe-staging',
  save: 'Save name',
  remove: 'Remove name',
  namedUrl: 'Named webhook URL',
  copy: 'Copy',
  urlCopied: 'Named webhook URL copied',
  copyFailed: 'Could not copy the URL',
  saved: (name: string) => `This inspector is now called ${name}`,
  removed: 'The name is removed; it answers 404 from now on',
  saveFailed: 'Could not save the name',
  loadFailed: 'Could not load the name',
  loading: 'Loading the name…',
};
