import type {
  ReportConfiguration,
  ReportConfigurationListFilter,
  ReportConfigurationSortField,
  ReportFormat,
  ReportFrequency,
  ReportInterval,
  ReportType,
} from '@gearwatch/contracts';
import { isOperatorReport, REPORT_LIMITS } from '@gearwatch/contracts';
import type { AuthContext } from '../../security/context.ts';
import { scopeOf } from '../../security/context.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { ListRequest, Page } from '../../http/list.ts';
import { checkConfiguration } from './configuration-input.ts';
import type { ConfigurationRecord, ConfigurationsRepository } from './configurations-repository.ts';
import { companyTimezone } from './configurations-repository.ts';
import { FilesRepository } from '../delivery/files-repository.ts';
import { newFileFor } from '../generation/file-naming.ts';
import { tell } from '../delivery/file-events.ts';
import { copyName } from '../../forms/duplicate.ts';

export interface ConfigurationsOptions {
  retentionDays: number;
  /** Called after a commit that made a file (wakes the runner, so the generator takes it at once). */
  fileCreated?: () => void;
  now?: () => Date;
}

/**
 * Report configurations (the wizard, the cyclic list): a new one is of the caller's company (a super-admin
 * impersonates to make one for another); a company's users read and change its configurations, a super-admin every
 * company's (as alert rules). A once configuration makes its file when it is created, in the same transaction;
 * cyclic ones make theirs each period (cyclic.ts).
 */
export class ConfigurationsService {
  constructor(
    private readonly repository: ConfigurationsRepository,
    private readonly options: ConfigurationsOptions,
  ) {}

  async list(auth: AuthContext, request: ListRequest<ReportConfigurationSortField, ReportConfigurationListFilter>): Promise<Page<ReportConfiguration>> {
    const page = await this.repository.list(scopeOf(auth), request);
    return { total: page.total, entries: await Promise.all(page.entries.map((record) => this.present(this.repository, record))) };
  }

  async get(auth: AuthContext, id: number): Promise<ReportConfiguration> {
    return this.present(this.repository, await this.find(this.repository, auth, id));
  }

  async create(auth: AuthContext, raw: Record<string, unknown>, context: unknown): Promise<ReportConfiguration> {
    let made = false;
    const result = await this.repository.transaction(async (repository, trx) => {
      const timezone = await companyTimezone(trx, auth.companyId);
      const values = await checkConfiguration(raw, { type: context, companyId: auth.companyId, timezone, now: this.now() }, repository);
      const id = await repository.insert(auth.companyId, auth.userId, values);
      if (values.frequency === 'once') {
        const source = { companyId: auth.companyId, configurationId: id, ...values };
        const fileId = await new FilesRepository(trx).insert(
          newFileFor(source, { from: values.from!, to: values.to! }, auth.userId, this.options.retentionDays),
        );
        await tell(trx, fileId, 'NEW', 0);
        made = true;
      }
      return this.present(repository, (await repository.find({ kind: 'company', companyId: auth.companyId }, id))!);
    });
    if (made) this.options.fileCreated?.();
    return result;
  }

  async update(auth: AuthContext, id: number, raw: Record<string, unknown>): Promise<ReportConfiguration> {
    return this.repository.transaction(async (repository, trx) => {
      await this.find(repository, auth, id);
      await repository.lock(id);
      const current = await this.find(repository, auth, id);
      const timezone = await companyTimezone(trx, current.companyId);
      const values = await checkConfiguration(
        { reportType: current.reportType, ...raw },
        { type: undefined, companyId: current.companyId, timezone, now: this.now() },
        repository,
      );
      await repository.update(current.companyId, id, values);
      if (values.frequency !== current.frequency) await repository.restartPeriods(id);
      return this.present(repository, await this.find(repository, auth, id));
    });
  }

  async setEnabled(auth: AuthContext, id: number, enabled: boolean): Promise<ReportConfiguration> {
    return this.repository.transaction(async (repository) => {
      const current = await this.find(repository, auth, id);
      await repository.lock(id);
      await repository.setEnabled(current.companyId, id, enabled);
      return this.present(repository, await this.find(repository, auth, id));
    });
  }

  /**
   * Copies a configuration into its company with its groups and recipients, named `name` or the original's name +
   * ' (copy)'. The copy is switched off and makes no file (a one-off copy would mail the same report again): the
   * user edits it and switches it on. Its files and periods are not copied. Answers the copy's id.
   */
  async duplicate(auth: AuthContext, id: number, name: string | undefined): Promise<number> {
    return this.repository.transaction(async (repository) => {
      const source = await this.find(repository, auth, id);
      await repository.lockCompanyCopies(source.companyId);
      const copy = await copyName(source.name, name, { minLength: REPORT_LIMITS.nameMin, maxLength: REPORT_LIMITS.nameMax }, (prefix) =>
        repository.namesStartingWith(source.companyId, prefix),
      );
      return repository.duplicate(id, copy, auth.userId);
    });
  }

  /** Its files stay (without their configuration) until their time is up. */
  async delete(auth: AuthContext, id: number): Promise<void> {
    const current = await this.find(this.repository, auth, id);
    if (!(await this.repository.delete(current.companyId, id))) throw new NotFoundError();
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private async find(repository: ConfigurationsRepository, auth: AuthContext, id: number): Promise<ConfigurationRecord> {
    const record = await repository.find(scopeOf(auth), id);
    if (!record) throw new NotFoundError();
    return record;
  }

  private async present(repository: ConfigurationsRepository, record: ConfigurationRecord): Promise<ReportConfiguration> {
    const [groups, users, emails, lastPeriod] = await Promise.all([
      repository.groups(record.id),
      repository.users(record.id),
      repository.emails(record.id),
      repository.lastPeriod(record.id),
    ]);
    const type = record.reportType as ReportType;
    return {
      id: record.id,
      reportType: type,
      name: record.name,
      reportInterval: record.reportInterval as ReportInterval,
      frequency: record.frequency as ReportFrequency,
      format: record.format as ReportFormat,
      groups: isOperatorReport(type) ? groups.operator : groups.device,
      users,
      emails,
      enabled: record.enabled,
      from: record.from,
      to: record.to,
      createdBy: record.createdBy === null ? null : { id: record.createdBy, name: record.createdByName ?? '' },
      createdAt: new Date(record.createdAt).toISOString(),
      lastPeriod,
    };
  }
}
