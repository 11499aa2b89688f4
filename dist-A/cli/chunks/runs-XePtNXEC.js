export { t as runRunsList, n as runRunsRm, r as runRunsSearch, i as runRunsShow } from "./runs-Di9DgduC.js";
