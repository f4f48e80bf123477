// The reminder queue's consumer: each message's pushes sent; without VAPID keys (reminders not
// configured) the messages are dropped.
import type { Env } from "../env.ts";
import { type ReminderMessage, sendReminders, vapidKeys } from "./reminders.ts";

export async function consumeReminders(batch: MessageBatch<ReminderMessage>, env: Env): Promise<void> {
  const keys = vapidKeys(env);
  if (keys === null) return;
  for (const message of batch.messages) await sendReminders(env, keys, message.body);
}
