/** Forms a team defines without code: the checks a save runs, and the compiler into the engine's definitions. */
export { checkStoredForm, type StoredFormCheck } from "./check";
export { compileStoredForm } from "./compile";
export { formatPath, type FormProblem } from "./problems";
