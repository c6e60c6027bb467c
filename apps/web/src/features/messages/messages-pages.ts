/**
 * /messages, /messages/new and /messages/:threadId in one lazily loaded chunk: the first screens' route table then
 * carries one entry of the preload map for the three (the first screen's JavaScript is at its 170 KB budget).
 */
export { MessagesPage } from './MessagesPage';
export { NewMessagePage } from './NewMessagePage';
export { ThreadPage } from './ThreadPage';
