/** The help center's questions (spec section 2), answered as the site works today. */
export interface HelpFaq {
  readonly question: string;
  readonly answer: string;
}

export const helpFaqs: readonly HelpFaq[] = [
  {
    question: 'How do I create an account?',
    answer:
      'Select Sign Up at the top of any page, enter your name, email address and a password of at ' +
      'least 6 characters, confirm the password and select Create Account. You are signed in ' +
      'straight away. Watching is free without an account too.',
  },
  {
    question: 'How do I reset my password?',
    answer:
      'Select Forgot Password on the login screen and enter the email address of your account. We ' +
      'email you a link to choose a new password: it works once, within an hour, and setting the ' +
      'new password signs you out on every device. Signed in, you can change it on your Profile page.',
  },
  {
    question: 'Why will a video not play?',
    answer:
      'Switch to the other server with the Server 1 and Server 2 buttons above the player, check ' +
      'your internet connection, and disable ad blockers or privacy extensions for the player, ' +
      'which can stop it from loading. On a phone, Open in new tab opens the player directly.',
  },
  {
    question: 'How do favorites and the watchlist work?',
    answer:
      'Once signed in, open a movie or TV show and select Add to Favorites (the heart) to keep it ' +
      'among the titles you love, or Add to Watchlist (the bookmark) to save it for later. Both ' +
      'lists are on your Profile page, where you can remove titles too.',
  },
  {
    question: 'What is my watch history?',
    answer:
      'While you are signed in, every movie or TV show you open is recorded in your watch ' +
      'history, newest first, so you can find your way back to it from your Profile page.',
  },
  {
    question: 'Why are there ads?',
    answer:
      'Ads keep Cinefold free. We limit them to a few fixed places on a page, never inside the ' +
      'player, and most of them have a close button that hides them.',
  },
];

/** Where each topic leads is not specified (spec section 2): the topics are shown, not linked. */
export const popularTopics: readonly string[] = [
  'Account & Security',
  'Playback & Streaming',
  'My Library',
  'Ads',
];

/** The questions whose question or answer contains the search, whatever its case; all for none. */
export function filterFaqs(faqs: readonly HelpFaq[], search: string): readonly HelpFaq[] {
  const wanted = search.trim().toLocaleLowerCase();
  if (!wanted) return faqs;
  return faqs.filter(
    (faq) =>
      faq.question.toLocaleLowerCase().includes(wanted) || faq.answer.toLocaleLowerCase().includes(wanted),
  );
}
