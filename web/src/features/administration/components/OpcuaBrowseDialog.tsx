import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import DataObjectOutlined from '@mui/icons-material/DataObjectOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpcuaBrowseNode, OpcuaMachineRequest } from '@gearwatch/contracts';
import { machineErrorKeys, useBrowseLevel } from '../api/opcua.ts';

/** The root of the tree: the Objects folder, which the server answers for a null node id. */
const ROOT = '';

type Level = { state: 'loading' } | { state: 'loaded'; nodes: OpcuaBrowseNode[] } | { state: 'failed'; errors: string[] };

export interface OpcuaBrowseDialogProps {
  open: boolean;
  machine: OpcuaMachineRequest;
  /** The node id the line has now, shown as the current choice. */
  current: string | null;
  onPick: (nodeId: string) => void;
  onClose: () => void;
}

/**
 * The browse dialog of the OPC UA module form (docs/opcua.md "Browsing"): the machine's address space as a tree
 * opened one level at a time, objects and folders to open, variables with their data type and current value to pick.
 * What went wrong (unreachable, untrusted certificate, refused password) is shown in the dialog.
 */
export function OpcuaBrowseDialog({ open, machine, current, onPick, onClose }: OpcuaBrowseDialogProps) {
  const { t } = useTranslation();
  const browse = useBrowseLevel();
  const [levels, setLevels] = useState<Map<string, Level>>(new Map());
  const [expanded, setExpanded] = useState<Set<string>>(new Set());

  const load = useCallback(
    (nodeId: string) => {
      setLevels((previous) => new Map(previous).set(nodeId, { state: 'loading' }));
      browse(machine, nodeId === ROOT ? null : nodeId).then(
        (result) => setLevels((previous) => new Map(previous).set(nodeId, { state: 'loaded', nodes: result.nodes })),
        (error: unknown) => setLevels((previous) => new Map(previous).set(nodeId, { state: 'failed', errors: machineErrorKeys(error) })),
      );
    },
    [browse, machine],
  );

  useEffect(() => {
    if (!open) return;
    setLevels(new Map());
    setExpanded(new Set());
    load(ROOT);
    // Each opening browses afresh with the form's settings as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const toggle = (nodeId: string) => {
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(nodeId)) next.delete(nodeId);
      else {
        next.add(nodeId);
        if (!levels.has(nodeId) || levels.get(nodeId)!.state === 'failed') load(nodeId);
      }
      return next;
    });
  };

  const renderLevel = (nodeId: string, depth: number) => {
    const level = levels.get(nodeId);
    if (!level || level.state === 'loading')
      return (
        <Box sx={{ pl: 2 + depth * 3, py: 1 }}>
          <CircularProgress size={20} aria-label={t('common.loading')} />
        </Box>
      );
    if (level.state === 'failed')
      return (
        <Alert severity="error" sx={{ ml: depth * 3, my: 1 }} data-testid="opcua-browse-error">
          {level.errors.map((key) => (
            <div key={key}>{t(key)}</div>
          ))}
        </Alert>
      );
    if (level.nodes.length === 0)
      return (
        <Typography variant="body2" color="text.secondary" sx={{ pl: 2 + depth * 3, py: 1 }}>
          {t('opcua.browse.empty')}
        </Typography>
      );
    return (
      <List dense disablePadding>
        {level.nodes.map((node) => {
          const open = expanded.has(node.nodeId);
          const isVariable = node.nodeClass === 'variable';
          const detail = isVariable
            ? t('opcua.browse.variable', { dataType: node.dataType ?? '?', value: node.value ?? '—', nodeId: node.nodeId })
            : node.nodeId;
          return (
            <Box key={node.nodeId} component="li" sx={{ listStyle: 'none' }}>
              <ListItem
                disablePadding
                secondaryAction={
                  node.hasChildren ? (
                    <IconButton
                      edge="end"
                      size="small"
                      aria-label={t(open ? 'opcua.browse.collapse' : 'opcua.browse.expand', { name: node.displayName })}
                      onClick={() => toggle(node.nodeId)}
                    >
                      {open ? <ExpandMore /> : <ChevronRight />}
                    </IconButton>
                  ) : undefined
                }
              >
                <ListItemButton
                  sx={{ pl: 2 + depth * 3 }}
                  selected={isVariable && node.nodeId === current}
                  onClick={() => (isVariable ? onPick(node.nodeId) : toggle(node.nodeId))}
                  data-testid="opcua-node"
                >
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    {isVariable ? <DataObjectOutlined fontSize="small" /> : <FolderOutlined fontSize="small" />}
                  </ListItemIcon>
                  <ListItemText
                    primary={node.displayName}
                    secondary={detail}
                    slotProps={{ secondary: { sx: { fontFamily: 'monospace', fontSize: '0.75rem', wordBreak: 'break-all' } } }}
                  />
                </ListItemButton>
              </ListItem>
              {open ? renderLevel(node.nodeId, depth + 1) : null}
            </Box>
          );
        })}
      </List>
    );
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="opcua-browse-title">
      <DialogTitle id="opcua-browse-title">{t('opcua.browse.title')}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 320 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('opcua.browse.hint', { endpoint: machine.opcuaEndpointUrl ?? '—' })}
        </Typography>
        {renderLevel(ROOT, 0)}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
