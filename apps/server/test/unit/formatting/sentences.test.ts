import { describe, expect, it } from 'vitest';

import { formatWords, readableText } from '../../../src/transcripts/formatting/format-transcript.ts';
import { format, testCasing, timedWords } from './words.ts';

describe('sentences and questions', () => {
  it.each([
    ['where did you put the keys', 'Where did you put the keys?'],
    ['what time does the train leave', 'What time does the train leave?'],
    ['is the report ready', 'Is the report ready?'],
    ['could you drive me', 'Could you drive me?'],
    ["that is good news isn't it", "That is good news isn't it?"],
    ['when i get home i will call', 'When I get home I will call.'],
    ['the cat is asleep', 'The cat is asleep.'],
    ['may i come in', 'May I come in?'],
  ])('%s -> %s', (spoken, written) => {
    expect(format(spoken)).toBe(written);
  });

  it('ends a sentence at a short pause before a word that opens one, and asks when it should', () => {
    expect(format('call sarah on monday|0.06 is the report ready|0.05 i think so')).toBe(
      'Call Sarah on Monday. Is the report ready? I think so.',
    );
  });

  it('puts a comma at a short pause that does not open a sentence', () => {
    expect(format('i think so|0.04 but i am not sure')).toBe('I think so, but I am not sure.');
    expect(format('they are on the table|0.08 next to the lamp')).toBe(
      'They are on the table, next to the lamp.',
    );
  });

  it('needs a slightly longer pause before a word that also follows commas ("the", "it")', () => {
    expect(format('he called|0.035 the man said')).toBe('He called, the man said.');
    expect(format('he called|0.05 the man said')).toBe('He called. The man said.');
  });

  it('puts a comma, not a full stop, after the clause a sentence opens with "when" or "if"', () => {
    expect(format('when we got home|0.08 the door was open|0.08 it was late')).toBe(
      'When we got home, the door was open. It was late.',
    );
    expect(format('if you can|0.05 i will come')).toBe('If you can, I will come.');
  });

  it('ends a sentence at a long pause, but not after a word that cannot end one', () => {
    expect(format('we went home|0.8 dinner was late')).toBe('We went home. Dinner was late.');
    expect(format('we went to the|0.8 market')).toBe('We went to the market.');
  });

  it('asks at an auxiliary before a personal pronoun, even where the words touch', () => {
    expect(format('the bus was late again should we walk')).toBe('The bus was late again. Should we walk?');
    expect(format('my phone died|0.05 did you call')).toBe('My phone died. Did you call?');
    expect(format('the shop was shut why did they close')).toBe('The shop was shut. Why did they close?');
    expect(format('i wonder why did they close')).toBe('I wonder why did they close.');
  });

  it('keeps an auxiliary before a pronoun inside the sentence where it does not ask', () => {
    // After a word that inverts a statement, a subject, another auxiliary, or a question word's phrase.
    expect(format('i was tired and so were they')).toBe('I was tired and so were they.');
    expect(format('if you can you should rest')).toBe('If you can you should rest.');
    expect(format('what colour do you want')).toBe('What colour do you want?');
    expect(format('tell me which shoes do you like')).toBe('Tell me which shoes do you like.');
    expect(format('he said i will have you fired')).toBe('He said I will have you fired.');
  });

  it('puts a comma, not a full stop, before a question that follows an "if" clause', () => {
    expect(format('if the rain stops will you come')).toBe('If the rain stops, will you come?');
    expect(format('when you land|0.05 where should we meet')).toBe('When you land, where should we meet?');
    expect(format('when you land|0.05 we will meet')).toBe('When you land, we will meet.');
    expect(format('when is the party|0.05 on friday')).toBe('When is the party, on friday?');
  });

  it('ends a sentence at a short pause before a name, but not in a list, a place or after thanks', () => {
    expect(format('we left at noon|0.05 sarah drove')).toBe('We left at noon. Sarah drove.');
    expect(format('invite sarah|0.05 london friends too')).toBe('Invite Sarah, London friends too.');
    expect(format('thank you|0.05 sarah')).toBe('Thank you, Sarah.');
    expect(format('we met|0.05 monday morning')).toBe('We met, Monday morning.');
  });

  it('puts a comma after a greeting and a name, and the message after it asks or not', () => {
    expect(format('hi sarah|0.08 thanks for the email')).toBe('Hi Sarah, thanks for the email.');
    expect(format('hey sarah|0.08 are you free')).toBe('Hey Sarah, are you free?');
    expect(format('hey sarah are you free')).toBe('Hey Sarah, are you free?');
    expect(format('hello sarah|0.08 the parcel came|0.08 it was open')).toBe(
      'Hello Sarah, the parcel came. It was open.',
    );
  });

  it('keeps a question word after a verb that embeds it ("let me know what")', () => {
    expect(format('let me know|0.05 what you think')).toBe('Let me know what you think.');
    expect(format('we left at noon|0.05 what did you think')).toBe('We left at noon. What did you think?');
  });

  it('ends a sentence at any pause before a verb that opens an instruction, not after an auxiliary', () => {
    expect(format('the shop shuts at noon|0.04 buy bread')).toBe('The shop shuts at noon. Buy bread.');
    expect(format('clean the garage|0.1 fix the tap')).toBe('Clean the garage. Fix the tap.');
    expect(format("it will rain|0.05 don't forget a coat")).toBe("It will rain. Don't forget a coat.");
    expect(format('you can|0.05 bring the cake')).not.toContain('. Bring');
    expect(format('we need to buy bread')).toBe('We need to buy bread.');
  });

  it('ends a sentence at a short pause before their, your, its, as before her and his', () => {
    expect(format('the shop is shut|0.05 their van broke')).toBe('The shop is shut. Their van broke.');
  });

  it('ends a sentence at a short pause before a word and an auxiliary: a new subject and verb', () => {
    expect(format('sales fell this quarter|0.05 peter will call')).toBe(
      'Sales fell this quarter. Peter will call.',
    );
    expect(format('it rained|0.05 monday was dry')).toBe('It rained. Monday was dry.');
    expect(format('he is tall|0.05 and so is she')).toBe('He is tall, and so is she.');
    expect(format('sales fell this quarter|0.02 peter will call')).toBe(
      'Sales fell this quarter peter will call.',
    );
  });

  it('ends a sentence at a clear pause before an auxiliary or "so", "then", a comma at a shorter one', () => {
    expect(format('the parcel came|0.12 was the box open')).toBe('The parcel came. Was the box open?');
    expect(format('the parcel came|0.035 was opened')).toBe('The parcel came, was opened.');
    expect(format('the oven is hot|0.12 then bake the bread')).toBe('The oven is hot. Then bake the bread.');
    expect(format('the oven is hot|0.035 then bake the bread')).toBe('The oven is hot, then bake the bread.');
  });

  it('ends a sentence at a pause of 0.04 s or more before a word that does not carry it on', () => {
    expect(format('the results came back|0.05 everything looks normal')).toBe(
      'The results came back. Everything looks normal.',
    );
    expect(format('i waited an hour|0.05 next time i will drive')).toBe(
      'I waited an hour. Next time I will drive.',
    );
    expect(format('the parcel came|0.06 was opened')).toBe('The parcel came. Was opened.');
    // Shorter than PAUSE_ENDS: a comma.
    expect(format('the results came back|0.035 everything looks normal')).toBe(
      'The results came back, everything looks normal.',
    );
  });

  it('keeps the sentence going at a pause before a word that carries it on', () => {
    expect(format('we need eggs|0.08 and flour')).toBe('We need eggs, and flour.');
    expect(format('she lives in london|0.08 near the park')).toBe('She lives in London, near the park.');
    expect(format('they are on the table|0.08 next to the lamp')).toBe(
      'They are on the table, next to the lamp.',
    );
    expect(format('it costs twelve|0.08 dollars')).toBe('It costs $12.');
    expect(format("that is good news|0.08 isn't it")).toBe("That is good news, isn't it?");
    // After an auxiliary the speaker stopped before its verb.
    expect(format('you should|0.08 get the bank to call')).not.toContain('. Get');
    expect(format('we met|0.05 monday morning')).toBe('We met, Monday morning.');
    expect(format('it rained|0.05 monday was dry')).toBe('It rained. Monday was dry.');
  });

  it('puts a comma after an opening word like "okay", "anyway" or "after that", not a full stop', () => {
    expect(format('okay|0.1 here is the plan')).toBe('Okay, here is the plan.');
    expect(format('right|0.07 so the budget is tight')).toBe('Right, so the budget is tight.');
    expect(format('after that|0.05 go to the pharmacy')).toBe('After that, go to the pharmacy.');
    expect(format('we left|0.1 anyway|0.1 the meeting went well')).toBe(
      'We left. Anyway, the meeting went well.',
    );
    // Not after a longer opening, nor where the words touch.
    expect(format('okay then we go|0.1 here is the plan')).toBe('Okay then we go. Here is the plan.');
    expect(format('okay here is the plan')).toBe('Okay here is the plan.');
  });

  it('ends a sentence at a pause after a word a pronoun cannot follow ("our she")', () => {
    expect(format('we sold our|0.1 he bought it')).toBe('We sold our. He bought it.');
    expect(format('we sold our|0.1 old car')).toBe('We sold our old car.');
  });

  it('writes nothing between words that touch', () => {
    expect(format('we went home i think')).toBe('We went home i think.'.replace(' i ', ' I '));
  });

  it('continues after earlier words: capital after a full stop, none after a comma', () => {
    const first = formatWords(timedWords('we went home'), { casing: testCasing });
    const next = formatWords(timedWords('dinner was late', 1.5), { casing: testCasing, before: first });
    expect(readableText([...first, ...next])).toBe('We went home. Dinner was late.');
    const open = [{ ...first[0]!, text: 'well,' }];
    expect(formatWords(timedWords('dinner', 2), { casing: testCasing, before: open })[0]!.text).toBe(
      'dinner.',
    );
  });
});

describe('paragraphs', () => {
  it('starts a paragraph at a long pause between sentences', () => {
    const words = formatWords(timedWords('we went home|3 dinner was late'), { casing: testCasing });
    expect(words.map((w) => w.paragraph)).toEqual([
      undefined,
      undefined,
      undefined,
      true,
      undefined,
      undefined,
    ]);
    expect(readableText(words)).toBe('We went home.\n\nDinner was late.');
  });

  it('keeps the break when the paragraph opens on a word that reads ""', () => {
    const words = formatWords(timedWords('we went home|3 twenty dollars was the price'), {
      casing: testCasing,
    });
    const moved = words.map((w, i) =>
      i === 3 ? { ...w, text: '' } : i === 4 ? { ...w, paragraph: true as const, text: '$20' } : w,
    );
    expect(readableText(words)).toBe('We went home.\n\n$20 was the price.');
    // The paragraph flag sits on a word whose text is "": the break stays.
    const shifted = moved.map((w, i) =>
      i === 3 ? { ...w, paragraph: true as const } : i === 4 ? { ...w, paragraph: undefined } : w,
    );
    expect(readableText(shifted)).toBe('We went home.\n\n$20 was the price.');
  });
});
