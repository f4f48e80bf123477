/** Every bad-input error the engine raises: the message is one line that names the problem. */
export class EngineError extends Error {
  override name = "EngineError";
}
