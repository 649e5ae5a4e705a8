module example.com/pencilmark

go 1.21
