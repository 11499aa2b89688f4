export { n as runChatCommand } from "./chat-BxaudTkL.js";
