/**
 * Reference notes for the formatting bench (bench/transcription/formatting.ts): how each
 * sentence is written, with capitals and punctuation, and, where they differ, how it is said
 * (what the speech synthesiser reads). Each note is spoken as one recording.
 *
 * TUNING_NOTES were used to pick the formatter's rules and pause thresholds. HELD_OUT_NOTES
 * were written before any tuning run and never looked at while tuning: their figures are the
 * honest ones. Keep it that way: do not change a rule to fix a held-out sentence, and use
 * BENCH_VERBOSE and BENCH_WORDS with BENCH_SETS=tuning only. The tuning set was enlarged from
 * 29 to 108 sentences when the first ten notes had been tuned to F1 0.94 against 0.78 held
 * out (ADR 0032), and again to 204 (32 new notes, 96 sentences) when held-out F1 stayed at 0.79
 * against 0.89 tuned.
 */

export interface ReferenceSentence {
  written: string;
  /** What is read aloud; the written form when absent. */
  said?: string;
}

export type ReferenceNote = readonly ReferenceSentence[];

const s = (written: string, said?: string): ReferenceSentence =>
  said === undefined ? { written } : { written, said };

export const TUNING_NOTES: readonly ReferenceNote[] = [
  [s('Call John on Monday.'), s('Is the report ready?'), s("I think so, but I'm not sure.")],
  [
    s('The new laptop costs $400.', 'The new laptop costs four hundred dollars.'),
    s('We can pay on Friday.'),
    s('Does that work for you?'),
  ],
  [
    s('The meeting is at 3 p.m. in London.', 'The meeting is at three p m in London.'),
    s('Where did you put the keys?'),
    s('They are on the table, next to the lamp.'),
  ],
  [
    s('Sales went up 12 % in April.', 'Sales went up twelve percent in April.'),
    s("That is good news, isn't it?"),
    s("I'll send the figures to Sarah."),
  ],
  [
    s('We met on the 21st of March.', 'We met on the twenty first of March.'),
    s('It was a Tuesday.'),
    s('How long did the trip take?'),
  ],
  [
    s('The house was built in 2026.', 'The house was built in two thousand and twenty six.'),
    s('Sarah moved in last June.'),
    s('Why is the door still broken?'),
  ],
  [
    s('The rate is 1.5 % this year.', 'The rate is one point five percent this year.'),
    s('Can we lower it?'),
    s("I've asked the bank twice."),
  ],
  [
    s("Let's meet at 9:30 on Wednesday.", "Let's meet at nine thirty on Wednesday."),
    s('What time does the train leave?'),
    s('It leaves at 10:00.', "It leaves at ten o'clock."),
  ],
  [s('Who wrote this letter?'), s("I'd like to thank her."), s('She lives in Boston, near the park.')],
  [
    s('Please buy milk and bread.'),
    s('The shop closes at 8 p.m. on Sunday.', 'The shop closes at eight p m on Sunday.'),
    s('Is there anything else?'),
  ],
  // Added in the second round (the first ten overfitted: F1 0.94 here, 0.78 held out), written
  // as voice notes are kept: reminders, lists, questions, dictated messages, meeting notes. They
  // were written before the formatter was run on them, and without reading the held-out notes.
  [
    s('Remind me to call the dentist tomorrow.'),
    s('The appointment is at 10:15 on Thursday.', 'The appointment is at ten fifteen on Thursday.'),
    s('Bring the insurance card.'),
  ],
  [
    s("Don't forget to water the plants."),
    s('My mother is away until Sunday.'),
    s('Feed the cat twice a day.'),
  ],
  [
    s('We need eggs, butter and flour.'),
    s('Get two bags of rice as well.'),
    s('Do we still have olive oil?'),
  ],
  [
    s('Hi Tom, thanks for your email.'),
    s('I can meet you on Tuesday afternoon.'),
    s('Would 2 p.m. suit you?', 'Would two p m suit you?'),
  ],
  [
    s('The budget meeting ran late.'),
    s('Anna wants the report by Friday.'),
    s('We agreed to hire two more people.'),
    s('The next review is on the 3rd of May.', 'The next review is on the third of May.'),
  ],
  [
    s('Pick up the kids at 3:30.', 'Pick up the kids at three thirty.'),
    s('After that, go to the pharmacy.'),
    s('Their school closes early this week.'),
  ],
  [
    s('Have you seen my blue jacket?'),
    s('I left it in the car last night.'),
    s('Could you check the back seat?'),
  ],
  [
    s('Book a table for four people.'),
    s('The restaurant opens at 7 p.m.', 'The restaurant opens at seven p m.'),
    s('Ask if they have a garden.'),
  ],
  [
    s('Hello Maria, the parcel arrived this morning.'),
    s('It was damaged on one side.'),
    s('Can you send a new one?'),
  ],
  [
    s('Notes from the team call.'),
    s('Sales are down 8 % this quarter.', 'Sales are down eight percent this quarter.'),
    s('Peter will look into the reasons.'),
    s('We meet again next Monday.'),
  ],
  [
    s('The car needs a service.'),
    s('The garage wants $250 for it.', 'The garage wants two hundred and fifty dollars for it.'),
    s('That seems like a lot.'),
    s('I should get another quote.'),
  ],
  [s('What did the doctor say?'), s('She wants to see you again in two weeks.'), s("Don't worry about it.")],
  [
    s('Idea for the garden.'),
    s('Plant tomatoes along the south wall.'),
    s('They get the most sun there.'),
    s('Maybe add a small bench too.'),
  ],
  [
    s('Where are we going for dinner?'),
    s('I would like to try the new Italian place.'),
    s('It is near the station.'),
  ],
  [
    s('Call the bank about the card.'),
    s('It expires at the end of the month.'),
    s('Why have they not sent a new one yet?'),
  ],
  [
    s('My flight leaves at 6:45 in the morning.', 'My flight leaves at six forty five in the morning.'),
    s('I need a taxi by 5:00.', "I need a taxi by five o'clock."),
    s('Is the hotel booked for three nights?'),
  ],
  [
    s('The kids have swimming on Wednesday.'),
    s('Lucy needs a new swimsuit.'),
    s('Her old one is too small.'),
  ],
  [
    s('Project update for James.'),
    s('The design is finished.'),
    s('We are still waiting for the test results.'),
    s('Should we delay the launch?'),
  ],
  [
    s('Thank you for coming today.'),
    s('The next class is on the 14th.', 'The next class is on the fourteenth.'),
    s('Please bring your notebooks.'),
  ],
  [
    s('Things to do this weekend.'),
    s('Clean the garage.'),
    s('Fix the kitchen tap.'),
    s('Take the old sofa to the dump.'),
  ],
  [
    s('How much did the tickets cost?'),
    s('I paid $75 for both.', 'I paid seventy five dollars for both.'),
    s('You owe me half.'),
  ],
  [
    s('Hey Sam, are you free tonight?'),
    s('We are watching the game at my place.'),
    s('Bring some snacks if you can.'),
  ],
  [
    s('The rent goes up by 5 % in January.', 'The rent goes up by five percent in January.'),
    s('We have to decide whether to stay.'),
    s('Let me know what you think.'),
  ],
  [
    s('Who is picking up Helen from the airport?'),
    s('Her plane lands at 11:20.', 'Her plane lands at eleven twenty.'),
    s('I can go if nobody else can.'),
  ],
  // Added in the third round (issue 20, held-out F1 0.79), written before the formatter was run
  // on them and without reading the held-out notes: more voice notes of other kinds (errands,
  // work, family, travel, health, money), with sentences opening on names, times ("tomorrow",
  // "next week"), "so", "then", "okay", and sentences that go on after "and" or "but".
  [
    s('Okay, here is the plan for Saturday.'),
    s('We leave the house at 8:00.', "We leave the house at eight o'clock."),
    s('Grandma wants us there before lunch.'),
  ],
  [
    s('The plumber came this morning.'),
    s('He fixed the leak under the sink.'),
    s('The bill was $120.', 'The bill was one hundred and twenty dollars.'),
  ],
  [
    s('Tomorrow I have three meetings.'),
    s('The first one starts at 9:00.', "The first one starts at nine o'clock."),
    s('Move the call with Daniel to Friday.'),
  ],
  [s('Did anyone feed the dog?'), s('His bowl is still full.'), s('Maybe he is not hungry.')],
  [
    s('Shopping list for the party.'),
    s('Two cakes, some candles and paper plates.'),
    s('Emma will bring the drinks.'),
  ],
  [
    s('I finished the first chapter today.'),
    s('It took longer than I expected.'),
    s('Next week I start the second one.'),
  ],
  [
    s('The printer on the second floor is broken again.'),
    s('Somebody should call the supplier.'),
    s('Their number is on the wall.'),
  ],
  [
    s('So the results came back.'),
    s('Everything looks normal.'),
    s('The doctor wants another test in March.'),
  ],
  [
    s('Mark and Julia are getting married in June.'),
    s('The wedding is in Scotland.'),
    s('We need to book flights soon.'),
  ],
  [
    s('Water bill paid.'),
    s('Electricity is due on the 20th.', 'Electricity is due on the twentieth.'),
    s('Then the phone bill at the end of the month.'),
  ],
  [
    s('How many people are coming on Sunday?'),
    s('I counted 12.', 'I counted twelve.'),
    s('Maybe we need more chairs.'),
  ],
  [s('My knee hurts when I run.'), s('It started after the race last month.'), s('I should see a physio.')],
  [s('Reminder for Monday morning.'), s('Send the invoice to Karen.'), s('She needs it before noon.')],
  [
    s('The train was cancelled again.'),
    s('I waited 40 minutes for a bus.', 'I waited forty minutes for a bus.'),
    s('Next time I will drive.'),
  ],
  [
    s('We spent $60 on groceries.', 'We spent sixty dollars on groceries.'),
    s('That is more than last week.'),
    s('Fruit is getting expensive.'),
  ],
  [
    s('Good news from the bank.'),
    s('The loan was approved yesterday.'),
    s('The money arrives on Wednesday.'),
  ],
  [
    s('Can you pick me up after work?'),
    s('I finish at 5:30 today.', 'I finish at five thirty today.'),
    s('My car is at the garage.'),
  ],
  [
    s('Note to self.'),
    s('Stop buying coffee every morning.'),
    s('It adds up to $100 a month.', 'It adds up to one hundred dollars a month.'),
  ],
  [
    s('The kids loved the museum.'),
    s('Oliver wants to go back next weekend.'),
    s('Tickets are free for children.'),
  ],
  [s('First, open the back door.'), s('Then turn off the alarm.'), s('The code is on the fridge.')],
  [s('Our neighbour lost his cat.'), s('It is grey with white paws.'), s('Keep an eye out for it.')],
  [
    s('Why is the heating on?'),
    s('Nobody is home during the day.'),
    s('Turn it down to 18 degrees.', 'Turn it down to eighteen degrees.'),
  ],
  [
    s('The conference is in Berlin this year.'),
    s('Registration closes on the 1st of April.', 'Registration closes on the first of April.'),
    s('Ask David if the company pays for it.'),
  ],
  [s('I talked to the landlord.'), s('He will fix the window next week.'), s('The rent stays the same.')],
  [
    s('Anyway, the meeting went well.'),
    s('Everyone liked the new design.'),
    s('We present it to the board in May.'),
  ],
  [s('Lunch with Rachel on Thursday.'), s('She picked the place.'), s('I think it is the Thai restaurant.')],
  [s('The battery in the smoke alarm is low.'), s('It beeps every few minutes.'), s('Replace it tonight.')],
  [
    s('What should we cook for dinner?'),
    s('There is chicken in the freezer.'),
    s('Or we could order pizza.'),
  ],
  [
    s('Yesterday the boiler stopped working.'),
    s('The engineer comes at 2 p.m.', 'The engineer comes at two p m.'),
    s('Somebody has to be home.'),
  ],
  [
    s('The book club meets next Tuesday.'),
    s('I have not started the book yet.'),
    s('It has 400 pages.', 'It has four hundred pages.'),
  ],
  [s('Right, so the budget is tight.'), s('We cut the travel costs first.'), s('Training stays as it is.')],
  [
    s('Ben called about the car.'),
    s('He can sell it for $3,000.', 'He can sell it for three thousand dollars.'),
    s('Is that a fair price?'),
  ],
];

export const HELD_OUT_NOTES: readonly ReferenceNote[] = [
  [
    s('Did you call the dentist?'),
    s('The appointment is on Thursday at 2:15.', 'The appointment is on Thursday at two fifteen.'),
  ],
  [
    s('My brother lives in Chicago.'),
    s('He paid $250 for the tickets.', 'He paid two hundred and fifty dollars for the tickets.'),
    s('Was it worth it?'),
  ],
  [
    s('The project is 80 % done.', 'The project is eighty percent done.'),
    s('We finish on the 3rd of May.', 'We finish on the third of May.'),
    s('Should we tell Emma?'),
  ],
  [s("I'm going to Paris in August."), s('Which hotel did you book?'), s('I booked the one near the river.')],
  [
    s('The bill came to $75.', 'The bill came to seventy five dollars.'),
    s('Who is paying?'),
    s('I will, but only this time.'),
  ],
  [
    s('The train leaves at 7:45 on Saturday.', 'The train leaves at seven forty five on Saturday.'),
    s('Could you drive me to the station?'),
    s('It is about 20 minutes away.', 'It is about twenty minutes away.'),
  ],
  [
    s('Our team grew by 15 % last year.', 'Our team grew by fifteen percent last year.'),
    s('How many people work here now?'),
    s('About 40, I think.', 'About forty, I think.'),
  ],
  [s('The second floor is closed on Friday.'), s('Can you move the boxes?'), s('Thanks, that helps a lot.')],
  [
    s('She was born in 1990.', 'She was born in nineteen ninety.'),
    s('Her birthday is in December.'),
    s('When should we send the card?'),
  ],
  [
    s(
      'The concert starts at 6 p.m. on the 1st of July.',
      'The concert starts at six p m on the first of July.',
    ),
    s('Are you coming with us?'),
    s('We could meet at the station in Denver.'),
  ],
];
