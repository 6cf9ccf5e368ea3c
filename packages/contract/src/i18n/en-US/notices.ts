import type { Translation } from '../translate.js';
import type { notices as zh } from '../zh-CN/notices.js';

export const notices: Translation<typeof zh> = {
  type_SITEMESSAGE: 'Site message',
  type_EMAIL: 'E-mail',
  type_SMS: 'SMS',
  resetNothing: 'This project has no rule of its own',
  test: 'Test message',
  testSubject: 'Test message: {project}',
  testBody:
    'This is a test message from the smart-city device console: receiving it shows that notices by {channel} arrive.',
  testSent: 'Test message sent: the server accepted it',
  testRefused: 'The mail server refused the message: {reason}',
  testUnreachable: 'Could not reach the mail server: {reason}',
  smsRefused: 'The SMS provider refused the message: {reason}',
  mailNotConfigured: 'No mail server is set in the system settings: e-mails wait until one is',
  smsNotConfigured: 'No SMS provider is set in the system settings: SMS wait until one is',
  emailReceiverRequired: 'E-mail notices need at least one receiving address',
  smsReceiverRequired: 'SMS notices need at least one number or project user',
  tooManyReceivers: 'At most {count} receivers per channel',
  tooManyReceivers_one: 'At most {count} receiver per channel',
  eventNotFound: 'No such notice event',
  typeNotAllowed: 'This event cannot be notified by {type}',
  userNotInProject: 'SMS receivers must be users of this project or its sub-projects',
  mailFooter: 'Project: {project}\nTime: {time}\n— Smart-city device console',
};
