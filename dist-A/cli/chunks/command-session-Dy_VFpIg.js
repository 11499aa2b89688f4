export { t as NOT_RUN_JSON } from "./command-session-mw3zpdgC.js";
