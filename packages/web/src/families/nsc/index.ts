import {
  ControlOutlined,
  CustomerServiceOutlined,
  EditOutlined,
  FieldTimeOutlined,
  GroupOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdevicevoice: () => import('./voice-page'),
  pjtdevicensclist: () => import('./speakers-page'),
  pjtdevicenscgroup: () => import('./groups-page'),
  pjtnscmediagroup: () => import('./media-page'),
  pjtnsctasklist: () => import('./tasks-page'),
  pjtnsctask: () => import('./task-page'),
  pjtnsccontrolcenter: () => import('./control-center/control-center-page'),
};

/** Network speakers (spec 001 §2): the audio entry, the speakers list, terminal groups, media and media groups, timed tasks and their editor, and the control center. */
export const nsc = familyConsole(
  'nsc',
  { SoundOutlined, GroupOutlined, CustomerServiceOutlined, FieldTimeOutlined, EditOutlined, ControlOutlined },
  SCREENS,
);
