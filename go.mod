module termlab

go 1.26.8
