import type { OnboardingDictionary } from './pt.ts';

/** The admin's set-up checklist, English (see pt.ts). */
export const onboardingEn: OnboardingDictionary = {
  title: 'First steps',
  progress: '{{done}} of {{total}} done',
  dismiss: 'Hide the first steps',
  done: '(done)',
  todo: '(to do)',
  copyTag: 'Copy the tag',
  copied: 'Tag copied. Paste it into your site’s HTML, before </body>.',
  copyFailed: 'Could not copy. Select the tag and copy it.',
  steps: {
    queues: {
      title: 'Create your sectors',
      text: 'Each sector (queue) becomes an option of the menu a customer gets on arrival.',
      link: 'Open Queues',
    },
    teammate: {
      title: 'Invite a teammate',
      text: 'Create a user for each agent and choose their sectors.',
      link: 'Open Users',
    },
    widget: {
      title: 'Put the chat on your website',
      text: 'Copy the tag below and paste it into your site’s pages.',
      link: 'See the website chat connection',
    },
    connection: {
      title: 'Connect a messaging channel',
      text: 'Connect WhatsApp, Facebook or Instagram to receive their conversations here.',
      link: 'Open Connections',
    },
  },
};
