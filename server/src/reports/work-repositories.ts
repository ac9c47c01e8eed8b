import type { RepositoryFactory } from '../db/repository-factory.ts';
import type { ConfigurationsRepository } from './configurations/configurations-repository.ts';
import type { FilesRepository } from './delivery/files-repository.ts';
import type { GenerationRepository } from './generation/generation-repository.ts';
import type { PeriodsRepository } from './schedule/periods-repository.ts';
import type { ReportMailRepository } from './delivery/report-mail-repository.ts';

/** The repositories of the reports' background work (periods, generation, mail), from the server's one factory. */
export interface ReportWorkRepositories {
  reportConfigurations: ConfigurationsRepository;
  reportFiles: FilesRepository;
  reportGeneration: GenerationRepository;
  reportMail: ReportMailRepository;
  reportPeriods: PeriodsRepository;
}

export type ReportRepositoryFactory = RepositoryFactory<ReportWorkRepositories>;
