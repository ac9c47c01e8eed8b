import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OpcuaCertificateEntry } from '@gearwatch/contracts';
import { formatDateTime, formatRelativeTime } from '../../../components/dates/format.ts';
import { useDateFormat } from '../../../components/dates/useDateFormat.ts';
import { useCertificateDecision, useOpcuaCertificates } from '../api/opcua.ts';

export interface OpcuaCertificatesPanelProps {
  /** Epoch ms the "5 min ago" texts count from (the list's clock). */
  now: number;
}

/**
 * Machine certificates above the sensors list (docs/opcua.md "Certificates"): each OPC UA module whose machine
 * presented a certificate nobody trusted yet, with its subject, SHA-1 and SHA-256 thumbprints and validity, to compare
 * with the controller's and trust with one click; and the trusted ones, to revoke. Nothing is trusted without that
 * click; nothing is shown while there is no certificate.
 */
export function OpcuaCertificatesPanel({ now }: OpcuaCertificatesPanelProps) {
  const { t } = useTranslation();
  const certificates = useOpcuaCertificates();
  const entries = certificates.data ?? [];
  if (entries.length === 0) return null;
  const untrusted = entries.filter((entry) => entry.state === 'untrusted');
  const trusted = entries.filter((entry) => entry.state === 'trusted');
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {untrusted.length > 0 ? (
        <Alert severity="warning" data-testid="opcua-certificates-untrusted">
          <AlertTitle>{t('opcua.certificate.untrusted-title', { count: untrusted.length })}</AlertTitle>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('opcua.certificate.untrusted-hint')}
          </Typography>
          <Stack spacing={2}>
            {untrusted.map((entry) => (
              <CertificateCard key={entry.sensorId} entry={entry} now={now} />
            ))}
          </Stack>
        </Alert>
      ) : null}
      {trusted.length > 0 ? (
        <Alert severity="success" data-testid="opcua-certificates-trusted">
          <AlertTitle>{t('opcua.certificate.trusted-title', { count: trusted.length })}</AlertTitle>
          <Stack spacing={2}>
            {trusted.map((entry) => (
              <CertificateCard key={entry.sensorId} entry={entry} now={now} />
            ))}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}

function CertificateCard({ entry, now }: { entry: OpcuaCertificateEntry; now: number }) {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const decision = useCertificateDecision();
  const { certificate } = entry;
  const expired = Date.parse(certificate.validTo) < now || Date.parse(certificate.validFrom) > now;
  const rows: [string, string][] = [
    ['opcua.certificate.subject', certificate.subject],
    ['opcua.certificate.sha1', certificate.sha1],
    ['opcua.certificate.sha256', certificate.sha256],
    [
      'opcua.certificate.validity',
      t('opcua.certificate.validity-range', {
        from: formatDateTime(certificate.validFrom, dateFormat),
        to: formatDateTime(certificate.validTo, dateFormat),
      }),
    ],
  ];
  return (
    <Box data-testid="opcua-certificate" data-state={entry.state}>
      <Typography variant="subtitle2">
        {entry.name} ·{' '}
        <Box component="span" sx={{ fontFamily: 'monospace' }}>
          {entry.serialNumber}
        </Box>{' '}
        · {entry.endpointUrl}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.25, my: 0.5 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {t(label)}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontFamily: label === 'opcua.certificate.subject' ? undefined : 'monospace', wordBreak: 'break-all' }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {expired ? (
        <Typography variant="body2" color="error" sx={{ mb: 0.5 }}>
          {t('opcua.certificate.not-valid-now')}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {entry.state === 'untrusted' ? (
          <Button
            size="small"
            variant="contained"
            disabled={decision.isPending}
            onClick={() => decision.mutate({ sensorId: entry.sensorId, trust: true, sha256: certificate.sha256 })}
          >
            {t('opcua.certificate.trust')}
          </Button>
        ) : (
          <Button
            size="small"
            color="inherit"
            variant="outlined"
            disabled={decision.isPending}
            onClick={() => decision.mutate({ sensorId: entry.sensorId, trust: false })}
          >
            {t('opcua.certificate.revoke')}
          </Button>
        )}
        {entry.at ? (
          <Typography variant="caption" color="text.secondary">
            {t(entry.state === 'untrusted' ? 'opcua.certificate.seen' : 'opcua.certificate.trusted-at', {
              when: formatRelativeTime(entry.at, now, dateFormat),
            })}
          </Typography>
        ) : null}
        {decision.isError ? (
          <Typography variant="caption" color="error">
            {t('opcua.certificate.changed')}
          </Typography>
        ) : null}
      </Stack>
    </Box>
  );
}
