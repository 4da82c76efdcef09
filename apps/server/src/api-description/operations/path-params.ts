/** Descriptions of the path parameters several operations share. */
export const PAD = { padId: 'The pad’s id.' };
export const NOTE = { ...PAD, noteId: 'The voice note’s id (a note of that pad).' };
