module termlab
