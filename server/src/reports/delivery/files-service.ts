import { Readable } from 'node:stream';
import type { ReportFile, ReportFileListFilter, ReportFileSortField, ReportFormat, ReportType } from '@gearwatch/contracts';
import type { AuthContext } from '../../security/context.ts';
import { ConflictError, NotFoundError } from '../../http/errors.ts';
import type { ListRequest, Page } from '../../http/list.ts';
import type { FileRecord, FileViewer, FilesRepository } from './files-repository.ts';
import { CONTENT_TYPES } from '../generation/file-naming.ts';
import type { ReportFileLinks } from './file-links.ts';
import { tell } from './file-events.ts';

export interface FileDownload {
  name: string;
  contentType: string;
  size: number;
  body: Readable;
}

export function viewerOfFiles(auth: AuthContext): FileViewer {
  return { companyId: auth.companyId, userId: auth.userId, everyFile: auth.isSuperAdmin };
}

/** Generated files: the list, the download (its bytes from the database, a chunk at a time) and retry. */
export class FilesService {
  constructor(
    private readonly repository: FilesRepository,
    private readonly links: ReportFileLinks,
    private readonly options: { retried?: () => void } = {},
  ) {}

  async list(auth: AuthContext, request: ListRequest<ReportFileSortField, ReportFileListFilter>): Promise<Page<ReportFile>> {
    const page = await this.repository.list(viewerOfFiles(auth), request);
    return { total: page.total, entries: page.entries.map(present) };
  }

  /** 404 unless the file is DONE, not expired and the caller sees it. */
  async download(auth: AuthContext, id: number): Promise<FileDownload> {
    return this.open(await this.repository.find(viewerOfFiles(auth), id));
  }

  /** A mail's signed link: 404 unless the token is the file's and it is DONE and not expired. */
  async downloadByLink(id: number, token: unknown): Promise<FileDownload> {
    if (!this.links.verify(id, token)) throw new NotFoundError();
    return this.open(await this.repository.findLinked(id));
  }

  /** ERROR → NEW; 409 for a file in any other state. */
  async retry(auth: AuthContext, id: number): Promise<ReportFile> {
    const viewer = viewerOfFiles(auth);
    const result = await this.repository.transaction(async (repository, trx) => {
      const file = await repository.find(viewer, id);
      if (!file) throw new NotFoundError();
      if (!(await repository.retry(file.companyId, id))) throw new ConflictError();
      await tell(trx, id, 'NEW', 0);
      return present((await repository.find(viewer, id))!);
    });
    this.options.retried?.();
    return result;
  }

  private async open(file: FileRecord | undefined): Promise<FileDownload> {
    if (!file || file.status !== 'DONE') throw new NotFoundError();
    const repository = this.repository;
    const seqs = await repository.chunkSeqs(file.id, file.attempt);
    async function* chunks() {
      for (const seq of seqs) {
        const data = await repository.chunk(file!.id, file!.attempt, seq);
        if (data) yield data;
      }
    }
    return {
      name: file.name,
      contentType: CONTENT_TYPES[file.format as ReportFormat] ?? 'application/octet-stream',
      size: file.size ?? 0,
      body: Readable.from(chunks()),
    };
  }
}

export function present(file: FileRecord): ReportFile {
  return {
    id: file.id,
    configurationId: file.configurationId,
    reportType: file.reportType as ReportType,
    name: file.name,
    format: file.format as ReportFormat,
    status: file.status,
    progress: file.progress,
    size: file.status === 'DONE' ? file.size : null,
    period: { from: file.from, to: file.to },
    // A period's file is the schedule's, whoever created the configuration (its creator still sees it): the list says
    // "Schedule" for it, as for a file whose requester is gone.
    requestedBy: file.scheduled || file.requestedBy === null ? null : { id: file.requestedBy, name: file.requestedByName ?? '' },
    error: file.error,
    createdAt: new Date(file.createdAt).toISOString(),
    finishedAt: file.finishedAt ? new Date(file.finishedAt).toISOString() : null,
  };
}
