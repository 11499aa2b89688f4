export { r as runCheck } from "./check-C1K7YiKh.js";
