// <tw-reminders> (Reminders.astro): the daily reminder by Web Push. Turning it on asks for the
// notification permission, subscribes this browser with the server's VAPID key and saves the
// subscription with the hour picked (on this device's clock and in UTC) and the page's language;
// turning it off is one tap (unsubscribe here, remove there). Hidden where the browser cannot
// receive pushes, and where the server has no VAPID keys (reminders are not set up there).
import { ApiError, api } from "../../core/api.ts";
import { messages, pageLanguage } from "../../i18n/messages.ts";
import { readItem, removeItem, writeItem } from "../../core/storage.ts";

const HOUR_KEY = "tw:reminder-hour";

/** The UTC hour of a local hour today (a zone's half hours round down). */
export function utcHourOf(localHour: number, offsetMinutes = new Date().getTimezoneOffset()): number {
  return (((localHour + Math.floor(offsetMinutes / 60)) % 24) + 24) % 24;
}

/** The server's VAPID public key, asked once per page (the card and /stats share it). */
let keyAsked: Promise<string> | null = null;
function serverKey(): Promise<string> {
  keyAsked ??= api.reminderKey().then((answer) => answer.publicKey);
  // A failure (offline, or no keys there) is asked again by the next caller.
  keyAsked.catch(() => (keyAsked = null));
  return keyAsked;
}

const supported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

export class RemindersElement extends HTMLElement {
  connectedCallback(): void {
    if (!supported()) return;
    void this.offer();
  }

  /** Shown once the server says it can send reminders (its VAPID key); never offered where it cannot. */
  private async offer(): Promise<void> {
    try {
      await serverKey();
    } catch {
      return;
    }
    this.hidden = false;
    const button = this.querySelector<HTMLButtonElement>("[data-reminder-toggle]")!;
    button.addEventListener("click", () => void this.toggle(button));
    await this.show(button);
  }

  private status(text: string): void {
    const el = this.querySelector("[data-reminder-status]");
    if (el) el.textContent = text;
  }

  private hourField(): HTMLSelectElement {
    return this.querySelector<HTMLSelectElement>("[data-reminder-hour]")!;
  }

  private async subscription(): Promise<PushSubscription | null> {
    const registration = await navigator.serviceWorker.ready;
    return registration.pushManager.getSubscription();
  }

  /** Shows whether reminders are on (a subscription here and the hour saved with it). */
  private async show(button: HTMLButtonElement): Promise<void> {
    const t = messages().comeback.reminders;
    const hour = readItem(HOUR_KEY);
    const on = hour !== null && (await this.subscription()) !== null;
    if (on) this.hourField().value = hour;
    button.textContent = on ? t.turnOff : t.turnOn;
    button.dataset.on = String(on);
    this.dataset.state = on ? "on" : "off";
  }

  private async toggle(button: HTMLButtonElement): Promise<void> {
    const t = messages().comeback.reminders;
    button.disabled = true;
    try {
      if (button.dataset.on === "true") {
        const subscription = await this.subscription();
        if (subscription) {
          await api.removeReminder(subscription.endpoint);
          await subscription.unsubscribe();
        }
        removeItem(HOUR_KEY);
        this.status(t.off);
      } else {
        if ((await Notification.requestPermission()) !== "granted") return this.status(t.denied);
        const publicKey = await serverKey();
        const registration = await navigator.serviceWorker.ready;
        const subscription = (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
        const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
        const hour = Number(this.hourField().value);
        // The page's time zone goes with the hours: the server checks that they agree.
        const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
        await api.saveReminder({ endpoint: json.endpoint, keys: json.keys, hour, hourUtc: utcHourOf(hour), timeZone, lang: pageLanguage() });
        writeItem(HOUR_KEY, String(hour));
        this.status(t.on(this.hourField().selectedOptions[0]?.textContent ?? String(hour)));
      }
    } catch (error) {
      this.status(t.failed(error instanceof ApiError || error instanceof Error ? error.message : String(error)));
    } finally {
      button.disabled = false;
      await this.show(button);
    }
  }
}

customElements.define("tw-reminders", RemindersElement);
