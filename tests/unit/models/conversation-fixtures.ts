import type { Message } from "@/lib/agent/messages";
import type { ModelToolSpec, NotifySubscribersFunction } from "@/lib/agent/model-adapter";

/** A marker placed in renderData: it must never appear in anything a model is sent. */
export const RENDER_DATA_MARKER = "RENDER-DATA-MUST-NOT-LEAK";

/** A 1×1 PNG. */
export const PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

export const EMAIL_TOOL: ModelToolSpec = {
  name: "send_email",
  description: "Send an email.",
  input_schema: { type: "object", properties: { to: { type: "string" }, subject: { type: "string" } }, required: ["to"] },
};

export const WEATHER_TOOL: ModelToolSpec = {
  name: "get_weather",
  description: "Look up the weather.",
  input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};

/** A round trip: the agent called two tools, one succeeded (with renderData), one was denied. */
export function toolRoundTrip(): Message[] {
  return [
    { sender: "user", text: "Email Ada and check the weather in London." },
    {
      sender: "agent",
      text: "On it.",
      tool_calls: [
        { id: "call_email", tool_name: "send_email", input_args: { to: "ada@example.com" } },
        { id: "call_weather", tool_name: "get_weather", input_args: { city: "London" } },
      ],
    },
    {
      sender: "user",
      text: "",
      tool_results: [
        {
          call_id: "call_email",
          tool_name: "send_email",
          result: { status: "success", data: { sent: true }, message: "Email sent.", renderData: { preview: RENDER_DATA_MARKER } },
        },
        {
          call_id: "call_weather",
          tool_name: "get_weather",
          result: { status: "error", data: null, message: "Permission denied: not today.", renderData: RENDER_DATA_MARKER },
        },
      ],
    },
  ];
}

export interface RecordedEvent {
  name: string;
  data: unknown;
}

/** A notify function that records every event, in order. */
export function recordEvents(): { events: RecordedEvent[]; notify: NotifySubscribersFunction; text: () => string } {
  const events: RecordedEvent[] = [];
  return {
    events,
    notify: (name, data) => {
      events.push({ name, data });
    },
    text: () =>
      events
        .filter((event) => event.name === "text_delta")
        .map((event) => (event.data as { text: string }).text)
        .join(""),
  };
}
