export { r as runCheck } from "./check-CHvfUra2.js";
