import BatteryChargingFullOutlined from '@mui/icons-material/BatteryChargingFullOutlined';
import BatteryFullOutlined from '@mui/icons-material/BatteryFullOutlined';
import BatteryStdOutlined from '@mui/icons-material/BatteryStdOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import type { BatteryCycleState } from '@gearwatch/contracts';
import type { StateLook } from './StateLabel.tsx';

/**
 * Each battery cycle state's own icon, colour and text (spec 02 §4): charging green, discharging amber (the battery
 * is drawn on), idle grey (neither), done in the text colour (history).
 */
export const BATTERY_CYCLE_STATE_LOOKS: Record<BatteryCycleState, StateLook> = {
  charging: { icon: BatteryChargingFullOutlined, color: 'success.main', text: 'manage.cycles.state.charging' },
  idle: { icon: BatteryFullOutlined, color: 'grey.600', text: 'manage.cycles.state.idle' },
  discharging: { icon: BatteryStdOutlined, color: 'warning.main', text: 'manage.cycles.state.discharging' },
  done: { icon: TaskAltOutlined, color: 'text.secondary', text: 'manage.cycles.state.done' },
};
