/** Limits both apps enforce; the server is the authority, the web app uses them to warn early. */
export const LIMITS = {
  padNameMax: 120,
  padDescriptionMax: 2000,
  voiceNoteTitleMax: 200,
  usernameMin: 1,
  usernameMax: 150,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 4096,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  uploadBytesDefault: 200 * 1024 * 1024,
} as const;
