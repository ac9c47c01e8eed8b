import type { Kysely } from 'kysely';
import { acceptsAlert, notificationSettingsOf } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import type { AlertChange, AlertChangeListener } from '../push/changes/alert-change.ts';
import { appendUserEvents } from '../push/streams/event-log.ts';
import type { NewUserEvent } from '../push/streams/event-log.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { OutboxMail } from '../mail/outbox.ts';
import type { UnsubscribeLinks } from '../mail/unsubscribe.ts';
import { MailTemplates, alertMail, digestMail } from './mail-text.ts';
import type { AlertFacts, NewDelivery, NewNotification, Recipient } from './repository.ts';
import type { NotificationsRepository } from './repository.ts';
import { subjectKey } from './repository.ts';
import type { RepositoryFactory } from '../db/repository-factory.ts';

/**
 * The delivery rules (docs/alerts.md "Delivery"). An occurrence older than CATCH_UP_AFTER_MS when handled is a
 * catch-up (delayed data: a module's outage, the server down); alert mails beyond DIGEST_LIMIT within
 * DIGEST_WINDOW_MS go into one digest.
 */
export const CATCH_UP_AFTER_MS = 60 * 60_000;
export const DIGEST_LIMIT = 20;
export const DIGEST_WINDOW_MS = 10 * 60_000;

export interface AlertNotifierOptions {
  repositories: RepositoryFactory<{ notifications: NotificationsRepository }>;
  publicUrl: string;
  unsubscribeLinks: Pick<UnsubscribeLinks, 'forUser'>;
  /** The clock (tests set it). */
  now?: () => Date;
}

/** One occurrence to tell people about: an alert's opening or a reminder its rule asks for. */
interface Occurrence {
  facts: AlertFacts;
  occurrence: number;
  reminder: boolean;
  at: Date;
}

/** One user to tell of one occurrence, on the channels their preferences accept. */
interface Telling {
  occurrence: Occurrence;
  recipient: Recipient;
  app: boolean;
  email: boolean;
  bundled: number;
}

/** The rule types whose repeats are reminders the rule asks for: `periodic`'s "repeat every" (docs/alerts.md). */
const REMINDING_TYPES = new Set(['periodic']);

/** The link to one alert in the app: the alert list opens it with its details and deliveries. */
export function alertUrl(publicUrl: string, alertId: number): string {
  return `${publicUrl}/alerts/list?alert=${alertId}`;
}

/**
 * Tells the users who see an alert about it (spec 01 §6: only the rule's users; a requirement alert its device's
 * requirement users), in the app and by e-mail as each one's preferences accept its importance, in the feed's
 * transaction: the notifications, the mails and the stream's events commit with the change's removal from the feed.
 */
export class AlertNotifier implements AlertChangeListener {
  readonly name = 'notifications';
  private readonly now: () => Date;

  constructor(private readonly options: AlertNotifierOptions) {
    this.now = options.now ?? (() => new Date());
  }

  async handle(trx: Kysely<DB>, changes: readonly AlertChange[]): Promise<void> {
    const candidates = changes.filter((c) => c.kind === 'opened' || c.kind === 'repeated');
    if (candidates.length === 0) return;
    const repository = this.options.repositories(trx).notifications;
    const facts = await repository.alertFacts([...new Set(candidates.map((c) => c.alertId))]);
    const occurrences = occurrencesOf(candidates, facts);
    if (occurrences.length === 0) return;

    const now = this.now();
    const ruleIds = [...new Set(occurrences.flatMap((o) => (o.facts.ruleId === null ? [] : [o.facts.ruleId])))];
    const requirementDevices = [...new Set(occurrences.flatMap((o) => (o.facts.ruleId === null ? [o.facts.deviceId] : [])))];
    const { byRule, byDevice } = await repository.alertRecipients(ruleIds, requirementDevices);

    const live: Telling[] = [];
    const catchUp = new Map<string, Telling>();
    for (const occurrence of occurrences) {
      const recipients = (occurrence.facts.ruleId === null ? byDevice.get(occurrence.facts.deviceId) : byRule.get(occurrence.facts.ruleId)) ?? [];
      for (const recipient of recipients) {
        if (recipient.companyId !== occurrence.facts.companyId) continue;
        // What happened before the account existed (an imported history, the demo's 90 days) is in the alert list,
        // not news for this user.
        if (occurrence.at < recipient.createdAt) continue;
        const settings = notificationSettingsOf(recipient.settings);
        const app = acceptsAlert(settings, occurrence.facts.importance, 'app');
        const email = acceptsAlert(settings, occurrence.facts.importance, 'email');
        if (!app && !email) continue;
        const telling: Telling = { occurrence, recipient, app, email, bundled: 0 };
        if (now.getTime() - occurrence.at.getTime() <= CATCH_UP_AFTER_MS) {
          live.push(telling);
          continue;
        }
        // A catch-up: the newest occurrence of each rule and device stands for the others.
        const key = subjectKey(recipient.userId, occurrence.facts.ruleId, occurrence.facts.deviceId);
        const held = catchUp.get(key);
        if (!held) catchUp.set(key, telling);
        else {
          const newer =
            occurrence.at > held.occurrence.at ||
            (occurrence.at.getTime() === held.occurrence.at.getTime() && occurrence.facts.alertId > held.occurrence.facts.alertId);
          catchUp.set(key, { ...(newer ? telling : held), bundled: held.bundled + 1 });
        }
      }
    }
    // A catch-up spread over several batches still tells a user once per rule and device within the hour.
    const bundles = [...catchUp.values()];
    const told = await repository.recentlyTold(
      [...new Set(bundles.map((t) => t.recipient.userId))],
      [...new Set(bundles.map((t) => t.occurrence.facts.deviceId))],
      new Date(now.getTime() - CATCH_UP_AFTER_MS),
    );
    const tellings = [...live, ...bundles.filter((t) => !told.has(subjectKey(t.recipient.userId, t.occurrence.facts.ruleId, t.occurrence.facts.deviceId)))];
    if (tellings.length === 0) return;
    await this.tell(repository, trx, tellings, now);
  }

  private async tell(repository: NotificationsRepository, trx: Kysely<DB>, tellings: readonly Telling[], now: Date): Promise<void> {
    const inApp = tellings.filter((t) => t.app);
    const notificationIds = await repository.insertNotifications(
      inApp.map((t): NewNotification => ({
        companyId: t.recipient.companyId,
        userId: t.recipient.userId,
        kind: t.occurrence.reminder ? 'reminder' : 'alert',
        alertId: t.occurrence.facts.alertId,
        importance: t.occurrence.facts.importance,
        occurrence: t.occurrence.occurrence,
        bundled: t.bundled,
      })),
    );
    const notificationOf = new Map(inApp.map((t, i) => [t, notificationIds[i] ?? null]));
    const mailOf = await this.mail(
      repository,
      trx,
      tellings.filter((t) => t.email),
      now,
    );
    await repository.insertDeliveries(
      tellings.map((t): NewDelivery => ({
        companyId: t.recipient.companyId,
        alertId: t.occurrence.facts.alertId,
        userId: t.recipient.userId,
        occurrence: t.occurrence.occurrence,
        notificationId: notificationOf.get(t) ?? null,
        mailId: mailOf.get(t) ?? null,
      })),
    );
    const events: NewUserEvent[] = inApp.map((t) => ({
      userId: t.recipient.userId,
      type: 'notification',
      payload: { notificationId: notificationOf.get(t), alertId: t.occurrence.facts.alertId },
    }));
    await appendUserEvents(trx, events);
  }

  /**
   * Puts the alert mails in the outbox: one per user and occurrence, until a user has had DIGEST_LIMIT within
   * DIGEST_WINDOW_MS; then the rest go into one digest sent at the end of the window. Answers each telling's mail.
   */
  private async mail(repository: NotificationsRepository, trx: Kysely<DB>, tellings: readonly Telling[], now: Date): Promise<Map<Telling, number>> {
    const result = new Map<Telling, number>();
    if (tellings.length === 0) return result;
    const userIds = [...new Set(tellings.map((t) => t.recipient.userId))];
    const counts = await repository.alertMailCounts(userIds, new Date(now.getTime() - DIGEST_WINDOW_MS));
    // A user already collecting a digest gets this batch's mails into it too, not a 21st single mail later.
    const collecting = await repository.usersWithOpenDigest(userIds, now);
    const single: { telling: Telling; mail: OutboxMail }[] = [];
    const digested = new Map<number, Telling[]>();
    const templates = new MailTemplates<Telling>((telling, name, unsubscribeUrl) =>
      alertMail({
        facts: telling.occurrence.facts,
        at: telling.occurrence.at,
        occurrence: telling.occurrence.occurrence,
        reminder: telling.occurrence.reminder,
        bundled: telling.bundled,
        name,
        language: telling.recipient.language,
        alertUrl: alertUrl(this.options.publicUrl, telling.occurrence.facts.alertId),
        unsubscribeUrl,
      }),
    );
    for (const telling of tellings) {
      const userId = telling.recipient.userId;
      const sent = counts.get(userId) ?? 0;
      if (sent >= DIGEST_LIMIT || collecting.has(userId)) {
        digested.set(userId, [...(digested.get(userId) ?? []), telling]);
        continue;
      }
      counts.set(userId, sent + 1);
      single.push({ telling, mail: this.alertMail(telling, templates) });
    }
    await enqueueMail(
      trx,
      single.map((s) => s.mail),
    );
    const ids = await repository.mailIdsByKey(single.map((s) => s.mail.dedupeKey ?? ''));
    for (const { telling, mail } of single) {
      const id = ids.get(mail.dedupeKey ?? '');
      if (id !== undefined) result.set(telling, id);
    }
    for (const [userId, items] of digested) {
      const id = await this.digest(repository, trx, userId, items, now);
      for (const telling of items) result.set(telling, id);
    }
    return result;
  }

  private alertMail(telling: Telling, templates: MailTemplates<Telling>): OutboxMail {
    const { occurrence, recipient } = telling;
    const unsubscribe = this.options.unsubscribeLinks.forUser(recipient.userId);
    const alertId = occurrence.facts.alertId;
    const text = templates.for(telling, `${alertId}:${occurrence.occurrence}:${telling.bundled}:${recipient.language}`, recipient.name, unsubscribe.url);
    return {
      kind: 'alert',
      companyId: recipient.companyId,
      userId: recipient.userId,
      to: { address: recipient.email, name: recipient.name || null },
      subject: text.subject,
      text: text.text,
      headers: { ...unsubscribe.headers },
      ref: { alertId, occurrence: occurrence.occurrence },
      dedupeKey: occurrence.occurrence > 1 ? `alert:${alertId}:user:${recipient.userId}:${occurrence.occurrence}` : `alert:${alertId}:user:${recipient.userId}`,
    };
  }

  /** Adds the alerts to the user's open digest, or opens one due at the end of the window; answers its outbox id. */
  private async digest(repository: NotificationsRepository, trx: Kysely<DB>, userId: number, items: readonly Telling[], now: Date): Promise<number> {
    const recipient = items[0]!.recipient;
    const open = await repository.openDigest(userId, now);
    const alertIds = [...new Set([...(open?.alertIds ?? []), ...items.map((t) => t.occurrence.facts.alertId)])];
    const known = new Map(items.map((t) => [t.occurrence.facts.alertId, t.occurrence.facts]));
    const missing = alertIds.filter((id) => !known.has(id));
    for (const [id, facts] of await repository.alertFacts(missing)) known.set(id, facts);
    const alerts = alertIds.flatMap((id) => (known.has(id) ? [known.get(id)!] : [])).sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
    const unsubscribe = this.options.unsubscribeLinks.forUser(userId);
    const text = digestMail({
      alerts,
      total: alertIds.length,
      limit: DIGEST_LIMIT,
      minutes: DIGEST_WINDOW_MS / 60_000,
      name: recipient.name,
      language: recipient.language,
      listUrl: `${this.options.publicUrl}/alerts/list`,
      unsubscribeUrl: unsubscribe.url,
    });
    if (open) {
      await repository.updateDigest(open.id, text.subject, text.text, alertIds);
      return open.id;
    }
    const dedupeKey = `digest:${userId}:${now.getTime()}`;
    await enqueueMail(trx, [
      {
        kind: 'digest',
        companyId: recipient.companyId,
        userId,
        to: { address: recipient.email, name: recipient.name || null },
        subject: text.subject,
        text: text.text,
        headers: { ...unsubscribe.headers },
        ref: { alertIds },
        dedupeKey,
        runAt: new Date(now.getTime() + DIGEST_WINDOW_MS),
      },
    ]);
    const id = (await repository.mailIdsByKey([dedupeKey])).get(dedupeKey);
    if (id === undefined) throw new Error(`digest ${dedupeKey} was not stored`);
    return id;
  }
}

/**
 * The occurrences worth telling in a batch of changes: each opening, and each repeat of an open alert whose rule asks
 * for reminders (the other repeats raise the counter and tell nobody: no spam), once per alert and occurrence.
 */
function occurrencesOf(changes: readonly AlertChange[], facts: Map<number, AlertFacts>): Occurrence[] {
  const seen = new Map<string, Occurrence>();
  for (const change of changes) {
    const alert = facts.get(change.alertId);
    if (!alert) continue;
    if (change.kind === 'opened') {
      seen.set(`${change.alertId}:1`, { facts: alert, occurrence: 1, reminder: false, at: alert.startedAt });
    } else if (
      change.kind === 'repeated' &&
      alert.ruleType !== null &&
      REMINDING_TYPES.has(alert.ruleType) &&
      change.endedAt === null &&
      change.confirmedAt === null
    ) {
      const key = `${change.alertId}:${change.counter}`;
      // An opening and its repeats handled together tell once: the opening.
      if (!seen.has(`${change.alertId}:1`)) seen.set(key, { facts: alert, occurrence: change.counter, reminder: true, at: alert.lastAt });
    }
  }
  return [...seen.values()];
}
