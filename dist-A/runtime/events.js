/** Version of the event format; bumped when a field changes meaning. */
export const EVENT_VERSION = 1;
