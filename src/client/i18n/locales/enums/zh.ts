import type { EnumLabelSet } from '../types';

export default {
  active: '启用', inactive: '停用', disabled: '已禁用', pending: '待审批',
  superadmin: '超级管理员', admin: '管理员', doctor: '医生', fmc: '家庭医疗中心员工', railway: '铁路员工',
  undergraduate: '本科', postgraduate: '研究生', diploma: '专科文凭', superspeciality: '超专科', fellowship: '专科进修', male: '男',
  female: '女', other: '其他', requested: '已申请', verified: '已认证', 'A+': 'A 型 Rh+', 'A-': 'A 型 Rh−',
  'B+': 'B 型 Rh+', 'B-': 'B 型 Rh−', 'AB+': 'AB 型 Rh+', 'AB-': 'AB 型 Rh−', 'O+': 'O 型 Rh+', 'O-': 'O 型 Rh−',
  open: '开放', closed: '已关闭', tablet: '片剂', capsule: '胶囊', syrup: '糖浆', injection: '注射剂',
  ointment: '软膏', drops: '滴剂', otc: '非处方药', schedule_h: 'H 类处方药', schedule_h1: 'H1 类处方药', schedule_x: 'X 类管制药品',
  haematology: '血液学', biochemistry: '生物化学', immunology: '免疫学', microbiology: '微生物学', clinical_pathology: '临床病理', hormones: '激素',
  blood: '全血', serum: '血清', plasma: '血浆', urine: '尿液', stool: '粪便', swab: '拭子',
  sputum: '痰液', healthy: '健康', gingivitis: '牙龈炎', periodontitis: '牙周炎', good: '良好', fair: '一般',
  poor: '差', fit: '合格', unfit: '不合格', refer: '转诊专科', normal: '正常', defective: '异常',
  jio: 'Jio', airtel: 'Airtel', vi: 'Vi（沃达丰 Idea）', bsnl: 'BSNL', maintenance: '维护中', retired: '已停用',
  revoked: '已吊销', expired: '已过期', passed: '通过', failed: '未通过', any: '不限', basic: '基础',
  silver: '银卡', gold: '金卡', cancelled: '已取消', all: '所有人', patient: '患者', push: '推送通知',
  email: '电子邮件', sms: '短信', draft: '草稿', scheduled: '已计划', sent: '已发送', general: '常规',
  appointments: '预约', payments: '支付', account: '账户', technical: '技术问题',
} satisfies EnumLabelSet;
