import { t as require_token_util } from "./token-util-9_zxO79I.js";
export default require_token_util();
export {};
