export { n as runChatCommand } from "./chat-BzbXIBwW.js";
