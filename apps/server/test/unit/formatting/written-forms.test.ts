import { describe, expect, it } from 'vitest';

import { format } from './words.ts';

describe('numbers as people write them', () => {
  it.each([
    ['it costs four hundred dollars', 'It costs $400.'],
    ['he paid seventy five dollars and fifty cents', 'He paid $75.50.'],
    ['a ticket is twenty euros', 'A ticket is €20.'],
    ['sales went up twelve percent', 'Sales went up 12 %.'],
    ['the rate is one point five percent', 'The rate is 1.5 %.'],
    ['it weighs two point two five kilos', 'It weighs 2.25 kilos.'],
    ['we met on the twenty first', 'We met on the 21st.'],
    ['on the twenty-first', 'On the 21st.'],
    ['it is the twelfth time', 'It is the 12th time.'],
    ['we finish on the third of may', 'We finish on the 3rd of May.'],
    ['the first page is blank', 'The first page is blank.'],
    ['it was built in two thousand and twenty six', 'It was built in 2026.'],
    ['she was born in nineteen ninety', 'She was born in 1990.'],
    ['it opened in nineteen oh five', 'It opened in 1905.'],
    ['the year twenty twenty six', 'The year 2026.'],
    ['about forty people came', 'About 40 people came.'],
    ['one hundred and five pages', '105 pages.'],
    ['twelve thousand five hundred people', '12,500 people.'],
    ['one of them stayed', 'One of them stayed.'],
    ['we need three chairs', 'We need three chairs.'],
  ])('%s -> %s', (spoken, written) => {
    expect(format(spoken)).toBe(written);
  });
});

describe('times', () => {
  it.each([
    ["it starts at three o'clock", 'It starts at 3:00.'],
    ['it starts at three p m', 'It starts at 3 p.m.'],
    ['it starts at three pm on monday', 'It starts at 3 p.m. on Monday.'],
    ['the shop opens at nine thirty', 'The shop opens at 9:30.'],
    ['the shop opens at eleven thirty', 'The shop opens at 11:30.'],
    ['the bus comes at seven oh five', 'The bus comes at 7:05.'],
    ['the film starts nine thirty p m', 'The film starts 9:30 p.m.'],
    // Without "at" or a.m./p.m., two numbers are not a time.
    ['we need nine thirty page books', 'We need nine 30 page books.'],
  ])('%s -> %s', (spoken, written) => {
    expect(format(spoken)).toBe(written);
  });

  it('ends a sentence on "p.m." with one full stop, and keeps a comma or question mark after it', () => {
    expect(format('we meet at eight p m')).toBe('We meet at 8 p.m.');
    expect(format('at eight p m|0.05 but not later')).toBe('At 8 p.m., but not later.');
    expect(format('is it at eight p m')).toBe('Is it at 8 p.m.?');
  });
});
