import type { EnumLabelSet } from '../types';

export default {
  active: '启用', inactive: '停用', disabled: '已禁用', pending: '待审批',
  superadmin: '超级管理员', admin: '管理员', doctor: '医生', fmc: '家庭医疗中心员工', railway: '铁路员工',
} satisfies EnumLabelSet;
