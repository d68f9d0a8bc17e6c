export { MemoryFormAdapter, type StoredSubmission } from "./memory-form-adapter";
