export { t as NOT_RUN_JSON } from "./command-session-CqyLkqZ8.js";
