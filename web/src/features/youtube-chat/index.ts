/** The host's YouTube live chat connection on the Chat Commands page: connect with Google, see how chat is read. */
export { YoutubeChatConnection } from "./components/youtube-chat-connection";
